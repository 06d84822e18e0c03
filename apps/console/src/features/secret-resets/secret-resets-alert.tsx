import type { SecretResetsResponse } from '@hiwar/contracts';
import { Alert, Anchor, Button, List, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api-client.ts';

type Reset = SecretResetsResponse['data'][number];

const QUERY_KEY = ['user', 'secret_resets'];

/** Where a cleared secret is entered again, and its name's translation key with its values. */
function describe(place: string): { to: string; key: string; values: Record<string, string> } {
  const [kind = '', id = ''] = place.split(':');
  if (kind === 'facebook')
    return { to: '/chatbot', key: 'secretResets.places.facebook', values: { page: id } };
  if (kind === 'data_source')
    return { to: `/datasources/${id}`, key: 'secretResets.places.dataSource', values: { id } };
  if (kind === 'mail_server' || kind === 'customer_support') {
    return { to: '/settings', key: `secretResets.places.${kind}`, values: {} };
  }
  return { to: '/chatbot', key: `secretResets.places.${kind}`, values: {} };
}

/**
 * After the operator replaced the server's secret key (HIWAR_RESET_SECRETS=1), the channel tokens and passwords
 * the old key sealed were emptied: this names the owner's, each with a link to where it is entered again, until
 * the owner says it is done. Nothing shows otherwise.
 */
export function SecretResetsAlert() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const resets = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => (await api.get<SecretResetsResponse>('/user/secret_resets')).data,
  });
  const dismiss = useMutation({
    mutationFn: () => api.post('/user/secret_resets/dismiss', {}),
    onSuccess: () => client.setQueryData<Reset[]>(QUERY_KEY, []),
  });
  // a notice, never in the way: anything but a list (an older server, an error) shows nothing
  const list = Array.isArray(resets.data) ? resets.data : [];
  const places = [...new Set(list.map((reset) => reset.place))];
  if (places.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconKey size={18} />}
      title={t('secretResets.title')}
      data-testid="secret-resets"
    >
      <Text size="sm" mb="xs">
        {t('secretResets.text')}
      </Text>
      <List size="sm" mb="sm">
        {places.map((place) => {
          const { to, key, values } = describe(place);
          return (
            <List.Item key={place}>
              <Anchor component={Link} to={to} size="sm">
                {t(key, values)}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
      <Button
        size="xs"
        variant="light"
        color="orange"
        loading={dismiss.isPending}
        onClick={() => dismiss.mutate()}
      >
        {t('secretResets.done')}
      </Button>
    </Alert>
  );
}
